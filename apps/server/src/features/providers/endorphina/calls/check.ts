import { endorphinaSign } from '../signature';
import { endoOk, endoRefusal } from '../wallet-answers';
import type { WalletCall, WalletCallDeps } from '../wallet-calls';

/**
 * The integration check: the request is signed by the standard rule (sign = SHA-1(param +
 * salt)); only the answer carries the node id, {nodeId, param, sign} signed by the same rule
 * over its own fields: SHA-1(nodeId + param + salt) (names sorted: nodeId < param).
 */
export function checkCall({ settings }: WalletCallDeps): WalletCall {
  return (params) => {
    const param = params['param'];
    if (param === undefined) return Promise.resolve(endoRefusal('ACCESS_DENIED', 'bad sign'));
    const answer = { nodeId: settings.nodeId, param };
    return Promise.resolve(endoOk({ ...answer, sign: endorphinaSign(answer, settings.salt) }));
  };
}
