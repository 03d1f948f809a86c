import type { ClientKind, PermissionName } from '@far/contracts';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { HostResolver } from './outbound';

/** What every module receives: the database, the configuration, the clock and the DNS resolver. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  now: () => Date;
  /** Resolves host names for outbound calls (platform/outbound.ts); tests inject their own. */
  resolveHost: HostResolver;
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
  /**
   * The live business of a business user, read in the session statement (null: none, or not a
   * business user). Undefined when the actor was not built by the guard: then it is looked up.
   */
  businessId?: string | null;
  /** A temporary password must be changed before anything else can be done. */
  mustChangePassword: boolean;
  /** menu url -> granted permission names */
  grants: Map<string, Set<PermissionName>>;
  /** The rbac_version the session statement read (its grants are stamped with it). */
  rbacVersion?: number;
  /**
   * Set when the guard served this actor from its cache (a money route, decision 0030): the money
   * command's first statement checks that the session, the user and the grants still hold.
   */
  fromCache?: true;
  /** Set when the caller is a business's API key (docs/decisions/0027): it acts only within its scopes. */
  apiKey?: { id: string; name: string; prefix: string; scopes: readonly string[] };
}

/** One permission on one menu entry (by its url), as a role grants it. */
export interface Grant {
  menu: string;
  permission: PermissionName;
}

/**
 * How the users of one client kind may call a route: 'any' (every signed-in user of the kind;
 * business and wallet users still reach only their own records), one grant, or a list of grants
 * of which any one suffices.
 */
export type KindAccess = 'any' | Grant | readonly Grant[];
export type KindAccessMap = Partial<Record<ClientKind, KindAccess>>;

/** Who may call a route, per client kind. A kind that is not named is refused with 403. */
export interface RouteAccess extends KindAccessMap {
  /** Only the super role may call it, whatever the grants say. */
  superOnly?: boolean;
  /** The message of the 403 for a kind that is not named (default: the generic one). */
  refused?: string;
  /**
   * The access depends on one request field (ClientKind): each value has its own kinds and
   * grants, and any other value answers 400 'Parametro no válido' before the permission.
   */
  by?: { field: string; in: 'body' | 'query'; cases: Record<string, KindAccessMap> };
  /** What the handler narrows further from its input or data (shown in docs/access.md). */
  note?: string;
}

/** 'public', 'authenticated' (every signed-in user of every kind), or per kind. */
export type Access = 'public' | 'authenticated' | RouteAccess;

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
