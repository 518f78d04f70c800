import {
  CommonErrorCode,
  MeetingsExportReplySchema,
  RpcSubjects,
  ServerMessages,
  type MeetingsExportReply,
} from '@meetings/contracts';
import { DomainError, RpcClient } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';

/**
 * svc-meetings' export over request/reply, for rebuilding the index. No responder is 503 and no
 * answer in time 504 (RpcClient); anything else it gets wrong, including a reply we cannot read, is
 * 502, so a fault upstream never reads as a fault here.
 */
@Injectable()
export class MeetingsClient {
  constructor(private readonly rpc: RpcClient) {}

  exportPage(afterId: string | undefined, limit: number): Promise<MeetingsExportReply> {
    return this.call(
      RpcSubjects.MeetingsExport,
      afterId ? { afterId, limit } : { limit },
      MeetingsExportReplySchema,
    );
  }

  private async call<S extends z.ZodType>(
    subject: string,
    body: unknown,
    schema: S,
  ): Promise<z.infer<S>> {
    try {
      return await this.rpc.call(subject, body, schema);
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.status < 500 || error.status === 503 || error.status === 504)
      )
        throw error;
      throw badGateway();
    }
  }
}

export function badGateway(): DomainError {
  return new DomainError(502, CommonErrorCode.BadGateway, ServerMessages.badGateway);
}

/** svc-meetings did not answer (no responder, or not in time): worth trying again later. */
export function isUpstreamUnavailable(error: unknown): boolean {
  return error instanceof DomainError && (error.status === 503 || error.status === 504);
}
