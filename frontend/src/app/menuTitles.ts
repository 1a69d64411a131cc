import type { MenuNode } from '@/features/auth';
import type { Language } from '@/shared/lib/i18n';

/**
 * English titles of the menus the seed creates, by their seeded Chinese title (issue 16: no screen
 * mixes languages where the product controls the words). A menu carries one title, the one its
 * administrator configured: a seeded title is the product's words and is shown in English in
 * English mode; a title an administrator typed (a renamed or a new menu) is data and stays as
 * configured. The English follows the pages' own headings (features' `*.title` strings).
 */
export const SEEDED_MENU_TITLES: Readonly<Record<string, string>> = {
  系统管理: 'System',
  用户管理: 'Users',
  角色管理: 'Roles',
  菜单管理: 'Menus',
  部门管理: 'Departments',
  字典管理: 'Dictionaries',
  在线用户: 'Online users',
  操作日志: 'Operation log',
  接口文档: 'API documentation',
  存储管理: 'Storage',
  流程: 'Workflow',
  流程申请: 'Apply',
  '流程申请（多人）': 'Apply (multiple people)',
  我的审批: 'My approvals',
  表单管理: 'Forms',
  商城: 'Mall',
  商品管理: 'Goods',
  商品分类: 'Goods categories',
  订单管理: 'Orders',
  渠道: 'Channel',
  渠道管理: 'Agencies',
  合同模板: 'Contract templates',
  合同管理: 'Contracts',
  合同: 'Contracts',
  企业认证审核: 'Certification review',
  我的渠道: 'My agency',
  企业认证: 'Enterprise certification',
};

/** A menu title in `language`: a seeded title in English mode becomes its English one. */
export function menuTitle(language: Language, title: string): string {
  return language === 'en-US' ? (SEEDED_MENU_TITLES[title] ?? title) : title;
}

/**
 * The session's menu tree with its titles in `language`, so the sidebar, the tabs, the breadcrumb,
 * the header search and document.title, all built from it, say the same words.
 */
export function translateMenus(nodes: readonly MenuNode[], language: Language): MenuNode[] {
  if (language !== 'en-US') return nodes as MenuNode[];
  return nodes.map((node) =>
    !node
      ? node
      : {
          ...node,
          ...(node.meta?.title ? { meta: { ...node.meta, title: menuTitle(language, node.meta.title) } } : {}),
          ...(node.children ? { children: translateMenus(node.children, language) } : {}),
        },
  );
}
