import { ErrorCode } from '@nimbus/sdk/contract/common';

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ErrorCode, code);
}
