import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import {
  INTERNAL_TOKEN_ALGORITHM,
  INTERNAL_TOKEN_AUDIENCE,
  INTERNAL_TOKEN_ISSUER,
  type InternalTokenClaims,
} from '@meetings/contracts';
import { SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose';
import type { AuthEnv } from '../config.js';
import { localSecret } from './local-secret.js';

/**
 * The key pair that signs internal tokens: from INTERNAL_JWT_PRIVATE_KEY (required in
 * production); outside production, one generated once and kept under DATA_DIR (localSecret).
 * Services fetch the public half from /internal/jwks.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private privateKey!: KeyObject;
  private publicKey!: JWK;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthEnv) {}

  async onModuleInit(): Promise<void> {
    const pem =
      this.config.INTERNAL_JWT_PRIVATE_KEY ??
      (await localSecret(this.config.DATA_DIR, 'internal-jwt-private-key.pem', newSigningKey));
    this.privateKey = createPrivateKey(pem);
    this.publicKey = await publicJwk(this.privateKey);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicKey] };
  }

  async sign(claims: InternalTokenClaims): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(Date.now() / 1000);
    const ttlSeconds = this.config.INTERNAL_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({
      email: claims.email,
      sid: claims.sid,
      ...(claims.tz ? { tz: claims.tz } : {}),
    })
      .setProtectedHeader({ alg: INTERNAL_TOKEN_ALGORITHM, kid: this.publicKey.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(INTERNAL_TOKEN_ISSUER)
      .setAudience(INTERNAL_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.privateKey);
    return { token, expiresAt: (now + ttlSeconds) * 1000 };
  }
}

async function publicJwk(privateKey: KeyObject): Promise<JWK> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: INTERNAL_TOKEN_ALGORITHM, use: 'sig' };
}

function newSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}
