import { useRef, useState } from 'react';
import { App, Modal, Space, Tabs, Tag } from 'antd';
import { Perm } from '@/shared/api/permissions';
import { apiUrl } from '@/shared/lib/runtime';
import { PdfPreview } from '@/shared/ui/pdf';
import { AddButton, DataTable, pageQuery, useActionColumn, type DataColumn, type ActionType } from '@/shared/ui/table';
import { deleteTemplates, listTemplates, publishTemplate, receiveTemplate, type TemplateRow } from './api';
import { useT } from './messages';
import { TemplateTextPreview } from './components/TemplateTextPreview';
import { lazyDialog } from '@/shared/ui/form';
// the dialogs are their own chunks, fetched after the list has drawn (issue 13)
const TemplateDialog = lazyDialog(() => import('./components/TemplateDialog'));

import { DATE_CELL } from '@/shared/ui/dateCell';

/**
 * 合同模板: staff upload a template's PDF, name its variables, enable and publish it; a channel
 * operator (who is shown only the published, enabled ones) previews (the text with sample values,
 * and the PDF) and receives one (领取),
 * once, which makes their agency's contract in 待签署.
 */
export default function TemplatePage() {
  const t = useT();
  const { message, modal } = App.useApp();
  const table = useRef<ActionType>(null);
  const [editing, setEditingState] = useState<TemplateRow | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const [preview, setPreview] = useState<TemplateRow | null>(null);
  const setEditing = (next: TemplateRow | 'new' | null) => {
    if (next !== null) setOpened((n) => n + 1);
    setEditingState(next);
  };
  const reload = () => void table.current?.reload();
  const confirm = (content: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('common.hint'),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await run();
        void message.success(done);
        reload();
      },
    });

  const actions = useActionColumn<TemplateRow>({
    perm: 'contractTemplate',
    onEdit: setEditing,
    extra: [
      { key: 'preview', label: t('template.preview'), perm: Perm.ContractTemplateList, onClick: setPreview },
      {
        key: 'publish',
        label: t('template.publish'),
        perm: Perm.ContractTemplateEdit,
        visible: (row) => !row.published,
        onClick: (row) => confirm(t('template.confirm.publish', { name: row.name }), () => publishTemplate(row.id), t('template.published.yes')),
      },
      {
        key: 'receive',
        label: t('template.receive'),
        perm: Perm.ContractTemplateReceive,
        visible: (row) => row.published && row.enabled && !row.received,
        onClick: (row) => confirm(t('template.confirm.receive', { name: row.name }), () => receiveTemplate(row.id), t('template.receivedDone')),
      },
    ],
    remove: (row) => deleteTemplates([row.id]),
    reload,
    // 发布 before publishing, 领取 after: never both
    visibleAtOnce: 1,
  });

  // 启用, 发布状态 and 创建时间 next to the name: at 1366 px they stay in view left of the pinned
  // 操作 column; the file and the variables scroll (issue 33).
  const columns: DataColumn<TemplateRow>[] = [
    { title: t('template.keyword'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('template.keyword') } },
    { title: t('template.name'), dataIndex: 'name', search: false, ellipsis: true, width: 180 },
    {
      title: t('template.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      width: 80,
      valueEnum: { true: { text: t('template.enabled.on') }, false: { text: t('template.enabled.off') } },
      fieldProps: { 'aria-label': t('template.enabled') },
      render: (_, row) => <Tag color={row.enabled ? 'green' : 'default'}>{t(row.enabled ? 'template.enabled.on' : 'template.enabled.off')}</Tag>,
    },
    {
      title: t('template.published'),
      dataIndex: 'published',
      search: false,
      // 已领取 goes under 已发布 where both do not fit
      width: 110,
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={row.published ? 'blue' : 'default'}>{t(row.published ? 'template.published.yes' : 'template.published.no')}</Tag>
          {row.received ? <Tag color="green">{t('template.received')}</Tag> : null}
        </Space>
      ),
    },
    { className: DATE_CELL, title: t('contract.createTime'), dataIndex: 'createTime', search: false, width: 168 },
    { title: t('template.version'), dataIndex: 'version', search: false, width: 80 },
    { title: t('template.validMonths'), dataIndex: 'validMonths', search: false, width: 110, align: 'right' },
    {
      title: t('template.file'),
      dataIndex: 'fileName',
      search: false,
      ellipsis: true,
      width: 200,
      render: (_, row) =>
        row.fileName ? (
          <a href={apiUrl(row.downloadUrl)} download={row.fileName}>
            {row.fileName}
          </a>
        ) : (
          '-'
        ),
    },
    { title: t('template.variables'), dataIndex: 'variables', search: false, width: 200, render: (_, row) => row.variables.map((v) => v.label).join('、') || '-' },
    { ...actions, fixed: 'right' },
  ];

  return (
    <>
      <DataTable<TemplateRow>
        title={t('template.title')}
        actionRef={table}
        columns={columns}
        scroll={{ x: 'max-content' }}
        toolbar={[<AddButton key="add" perm="contractTemplate" onClick={() => setEditing('new')} />]}
        request={(q, params) => listTemplates({ ...pageQuery(params), ...q.filters })}
      />
      <TemplateDialog
        key={opened}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <Modal open={preview !== null} title={preview?.name} width={760} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {/* the text as a contract would read (sample values, not the raw {{variables}}), and the file as uploaded */}
        {preview ? (
          <Tabs
            items={[
              {
                key: 'sample',
                label: t('template.sample'),
                children: <TemplateTextPreview url={preview.fileUrl} variables={preview.variables} validMonths={preview.validMonths} />,
              },
              { key: 'file', label: t('template.original'), children: <PdfPreview url={preview.fileUrl} width={680} /> },
            ]}
          />
        ) : null}
      </Modal>
    </>
  );
}
