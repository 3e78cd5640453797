import {
  ProviderUnreachableError,
  type HttpTransport,
  type OutgoingRequest,
} from '../../lib/http-transport';
import { PaymentProviderUnavailable } from './card/card-provider';

/**
 * One call to a payment service (the card intents API or the crypto gateway) and its JSON
 * answer. Whatever says nothing happened there is PaymentProviderUnavailable (the caller
 * tries again later): the service unreachable, a 5xx, a 429, or `keyRefused`, the status with
 * which it refuses our key (an operator's problem). Every other status is the caller's.
 */
export async function serviceAnswer(
  transport: HttpTransport,
  request: OutgoingRequest,
  what: string,
  keyRefused: number,
): Promise<{ status: number; body: unknown }> {
  let answer;
  try {
    answer = await transport(request);
  } catch (error) {
    if (error instanceof ProviderUnreachableError) {
      throw new PaymentProviderUnavailable(error.message);
    }
    throw error;
  }
  if (answer.status >= 500 || answer.status === 429 || answer.status === keyRefused) {
    throw new PaymentProviderUnavailable(`${what}: HTTP ${answer.status}`);
  }
  try {
    return { status: answer.status, body: JSON.parse(answer.text) as unknown };
  } catch {
    throw new PaymentProviderUnavailable(`${what}: an answer that is not JSON`);
  }
}
