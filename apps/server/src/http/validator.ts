import { validatorCompiler } from 'fastify-type-provider-zod';
import { unstorableTextPath } from '../lib/storable-text';

/**
 * The zod validator of every route, behind one check shared by all of them: a string holding
 * a NUL or a lone surrogate anywhere in the body, query, params or headers (lib/storable-text)
 * is refused as a validation error (400 VALIDATION_FAILED naming the field, the API's error
 * shape) before the route's own schema runs, so no such text reaches a query or a signature
 * check. Routes that take their input raw (the providers' callbacks) check it themselves and
 * answer in their protocol's terms (callback-params.ts).
 */
export const storableTextValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = unstorableTextPath(data);
    if (path === undefined) return validate(data);
    return {
      error: [
        {
          keyword: 'storable_text',
          instancePath: path,
          schemaPath: '#/storable_text',
          params: {},
          message: 'Text must not contain NUL characters or unpaired surrogates.',
        },
      ],
    };
  };
};
