/**
 * The BFF's types, as the front end uses them. Everything here is an alias of the generated
 * schema.ts (from bff/api/openapi.json, from the Go structs): change the Go type and run
 * `make contract`, never edit a shape by hand.
 */
import type { components } from './schema';

export type Schemas = components['schemas'];

/** A list answer: every `HttpxList…` schema is this shape over its row type. */
export type Page<T> = Omit<Schemas['HttpxListUserRow'], 'content'> & { content: T[] };

/** The signed-in user (GET /api/auth/info `user`, also in a login answer). */
export type UserProfile = Schemas['AuthUserInfo'];
/** GET /api/auth/info. */
export type UserInfo = Schemas['AuthInfo'];
export type LoginResult = Schemas['AuthLoginResult'];
export type Captcha = Schemas['AuthCaptcha'];
/** A row of GET /api/auth/online; `dept` is the department's name ('' when none). */
export type OnlineSession = Schemas['AuthOnlineUser'];

/** GET /api/app/config: the product title and the page footer. */
export type AppConfig = Schemas['AppconfigConfig'];

export type UserRow = Schemas['UserRow'];
export type SignIn = Schemas['UserSignInRow'];
export type LogRow = Schemas['AuditRow'];
export type StorageRow = Schemas['AttachLibraryRow'];
export type DictRow = Schemas['DictDictRow'];
export type DeptNode = Schemas['DeptNode'];
/** A goods category (商品分类) in the tree of GET /api/categories and /api/categories/tree. */
export type CategoryNode = Schemas['CategoryNode'];
export type LeaveRow = Schemas['WorkflowRow'];
