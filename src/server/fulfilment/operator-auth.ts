/**
 * The operator's Bearer token (docs/product/api.md#operator-orders): `PARTSFRONT_OPERATOR_TOKEN`, compared in
 * constant time; without a configured token every request is refused. `npm start` and `npm run dev` outside
 * production set a random one for the run and print it (demo-operator-token.ts).
 */
import { isAuthorized } from '#server/security/admin-auth.ts';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';

export function requireOperator(request: Request, token = process.env.PARTSFRONT_OPERATOR_TOKEN): void {
  if (!isAuthorized(request.headers.get('authorization'), token))
    throw new UnauthorizedError('A valid operator token is required (Authorization: Bearer …)');
}
