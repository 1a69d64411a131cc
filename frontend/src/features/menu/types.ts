/** One node of GET /api/menus/build (eladmin router tree, docs/api.md). */
export interface MenuMeta {
  title: string;
  icon?: string | null;
  noCache?: boolean;
  activeMenu?: string | null;
  breadcrumb?: boolean;
}

export interface MenuNode {
  name?: string | null;
  path: string;
  hidden?: boolean;
  redirect?: string | null;
  component?: string | null;
  alwaysShow?: boolean;
  meta?: MenuMeta | null;
  children?: MenuNode[] | null;
}
