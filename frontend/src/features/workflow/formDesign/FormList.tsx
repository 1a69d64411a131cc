import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { Permission } from '@/features/auth';
import { DataTable, pageQuery, useActionColumn, useDeleteConfirm, type DataColumn, type ActionType } from '@/shared/ui/table';
import { useT } from '../messages';
import { FormIcon } from '../formIcons';
import { deleteForms, listForms, type FormRow } from '../formApi';
import { DATE_CELL } from '@/shared/ui/dateCell';

/** docs/workflow.md: the designer's buttons carry `workflow:design` (not yet in the generated Perm). */
export const DESIGN = 'workflow:design';

/** 表单管理's list: name, icon, group, published version, 草稿未发布; 编辑表单, 设计流程, 删除. */
export function FormList({ onOpen }: { onOpen: (id: number | 'new') => void }) {
  const t = useT();
  const navigate = useNavigate();
  const table = useRef<ActionType>(null);
  const confirmDelete = useDeleteConfirm();
  const actions = useActionColumn<FormRow>({
    perm: 'workflow',
    extra: [
      { key: 'edit', label: t('wf.fd.editForm'), perm: DESIGN, onClick: (r) => onOpen(r.id) },
      { key: 'flow', label: t('wf.fd.designFlow'), perm: DESIGN, onClick: (r) => void navigate(`/flowDesign/${r.id}`) },
      {
        key: 'del',
        label: <span style={{ color: '#ff4d4f' }}>{t('sys.del')}</span>,
        perm: DESIGN,
        onClick: (r) =>
          void confirmDelete(() => deleteForms([r.id])).then((done) => {
            if (done) void table.current?.reload();
          }),
      },
    ],
  });
  const columns: DataColumn<FormRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    {
      title: t('wf.fd.name'),
      dataIndex: 'name',
      search: false,
      render: (_, r) => (
        <Space>
          <FormIcon name={r.icon} />
          {r.name}
        </Space>
      ),
    },
    { title: t('wf.fd.group'), dataIndex: 'group', search: false },
    {
      title: t('wf.fd.version'),
      dataIndex: 'version',
      search: false,
      render: (_, r) => (
        <Space size={4}>
          {r.version > 0 ? <Tag color="green">v{r.version}</Tag> : <Tag>{t('wf.fd.unpublished')}</Tag>}
          {r.draftChanged ? <Tag color="orange">{t('wf.fd.draftChanged')}</Tag> : null}
        </Space>
      ),
    },
    { className: DATE_CELL, title: t('wf.fd.updateTime'), dataIndex: 'updateTime', search: false },
    actions,
  ];
  return (
    <DataTable<FormRow, { blurry?: string }>
      title={t('wf.fd.title')}
      serial={false}
      selection={false}
      actionRef={table}
      columns={columns}
      toolbar={[
        <Permission key="new" roles={[DESIGN]}>
          <Button type="primary" onClick={() => onOpen('new')}>
            {t('wf.fd.new')}
          </Button>
        </Permission>,
      ]}
      request={(_, params) => listForms({ ...pageQuery(params), blurry: params.blurry?.trim() || undefined })}
    />
  );
}
