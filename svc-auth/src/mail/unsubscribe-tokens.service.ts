import { createHmac, timingSafeEqual } from 'node:crypto';
import { SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthEnv } from '../config.js';
import { otpHmacSecret } from '../keys/local-secret.js';

const PURPOSE = 'meetings/digest-unsubscribe/v1';
const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * The token in a digest's unsubscribe link: the address and an HMAC of it, so that the link works
 * without a session (RFC 8058: the URI alone carries the request) and cannot be made for someone
 * else's address. The key is derived from OTP_HMAC_SECRET, which every replica already shares.
 */
@Injectable()
export class UnsubscribeTokens implements OnModuleInit {
  private key!: Buffer;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthEnv) {}

  async onModuleInit(): Promise<void> {
    this.key = createHmac('sha256', await otpHmacSecret(this.config))
      .update(PURPOSE)
      .digest();
  }

  sign(email: string): string {
    return `${Buffer.from(email, 'utf8').toString('base64url')}.${this.mac(email).toString('base64url')}`;
  }

  /** The address a token was made for, or null for anything else. */
  verify(token: unknown): string | null {
    if (typeof token !== 'string') return null;
    const match = TOKEN.exec(token);
    if (!match) return null;
    const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac(email);
    return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
  }

  private mac(email: string): Buffer {
    return createHmac('sha256', this.key).update(email).digest();
  }
}
