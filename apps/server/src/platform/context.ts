import type { ClientKind, PermissionName } from '@far/contracts';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';

/** What every module receives: the database, the configuration and the clock. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  now: () => Date;
}

/** The signed-in caller, loaded fresh on every request (a revoked session or a block acts at once). */
export interface Actor {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  roleId: string;
  roleName: string;
  isSuper: boolean;
  kind: ClientKind;
  /** Tenant key: a business's users share it; a wallet user has their own. */
  client: string;
  /** A temporary password must be changed before anything else can be done. */
  mustChangePassword: boolean;
  /** menu url -> granted permission names */
  grants: Map<string, Set<PermissionName>>;
}

export type Access =
  | 'public'
  | 'authenticated'
  | {
      /** The menu entry (by its url) whose permission the route needs. */
      menu: string;
      permission: PermissionName;
      /** Only the super role may call it, whatever the grants say. */
      superOnly?: boolean;
    };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    actor?: Actor;
    /** Set when the body or query came enveloped; the answer goes back the same way. */
    envelopeKind?: 'v2' | 'base64';
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the caller still has a temporary password (profile, password change, sign-out). */
    temporaryPasswordOk?: boolean;
  }
}
