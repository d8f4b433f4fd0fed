import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { codes, type CodeName } from '#shared/codes.ts';
import { bearer, TOKEN_HEADER, type Envelope, type EnvelopeInfo } from '#shared/envelope.ts';
import { translate, type Language, type MessageKey, type MessageParams } from '#shared/messages.ts';

/** The one place the response envelope and its HTTP status are built. */
export function envelopeResponse<T>(options: {
  codeName: CodeName;
  language: Language;
  data?: T | null;
  info?: EnvelopeInfo | null;
  params?: MessageParams;
  messageKey?: MessageKey;
  token?: string;
}): APIGatewayProxyStructuredResultV2 {
  const def = codes[options.codeName];
  const body: Envelope<T> = {
    code: def.code,
    msg_level: def.level,
    message: translate(options.language, options.messageKey ?? `code.${options.codeName}`, options.params),
    info: options.info ?? null,
    data: options.data ?? null,
  };
  return {
    statusCode: def.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(options.token ? { [TOKEN_HEADER]: bearer(options.token) } : {}),
    },
    body: JSON.stringify(body),
  };
}
