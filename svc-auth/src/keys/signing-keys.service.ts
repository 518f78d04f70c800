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
import { DataSource, IsNull } from 'typeorm';
import type { AuthEnv } from '../config.js';
import { SigningKeyEntity } from '../entities.js';

interface ActiveKey {
  kid: string;
  privateKey: KeyObject;
}

/**
 * The key pair that signs internal tokens. From INTERNAL_JWT_PRIVATE_KEY when set; otherwise one
 * generated on first start and kept in the database, so every replica signs with the same key.
 * Services fetch the public half from /internal/jwks.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private active!: ActiveKey;
  private published: JWK[] = [];

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.INTERNAL_JWT_PRIVATE_KEY) {
      const privateKey = createPrivateKey(this.config.INTERNAL_JWT_PRIVATE_KEY);
      const jwk = await publicJwk(privateKey);
      this.active = { kid: jwk.kid!, privateKey };
      this.published = [jwk];
      return;
    }
    const repository = this.dataSource.getRepository(SigningKeyEntity);
    let stored = await repository.findOne({
      where: { retiredAt: IsNull() },
      order: { createdAt: 'ASC', kid: 'ASC' },
    });
    if (!stored) {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = await publicJwk(privateKey);
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await this.dataSource.query(
        `INSERT INTO signing_key (kid, private_key_pem, public_jwk) VALUES ($1, $2, $3) ON CONFLICT (kid) DO NOTHING`,
        [jwk.kid, pem, JSON.stringify(jwk)],
      );
      // Another replica may have won the race: everyone uses the oldest active key.
      stored = await repository.findOneOrFail({
        where: { retiredAt: IsNull() },
        order: { createdAt: 'ASC', kid: 'ASC' },
      });
    }
    const keys = await repository.find();
    this.active = { kid: stored.kid, privateKey: createPrivateKey(stored.privateKeyPem) };
    this.published = keys.filter((k) => !k.retiredAt).map((k) => k.publicJwk as JWK);
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.published };
  }

  async sign(
    claims: InternalTokenClaims,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: claims.email, sid: claims.sid })
      .setProtectedHeader({ alg: INTERNAL_TOKEN_ALGORITHM, kid: this.active.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(INTERNAL_TOKEN_ISSUER)
      .setAudience(INTERNAL_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.active.privateKey);
    return { token, expiresAt: (now + ttlSeconds) * 1000 };
  }
}

async function publicJwk(privateKey: KeyObject): Promise<JWK> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: INTERNAL_TOKEN_ALGORITHM, use: 'sig' };
}
