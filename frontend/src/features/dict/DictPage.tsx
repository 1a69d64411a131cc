import { useRef, useState } from 'react';
import { App, Card, Col, Empty, Row } from 'antd';
import { DataTable, AddButton, pageQuery, useActionColumn, type DataColumn, type ActionType } from '@/shared/ui/table';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { Dialog, ProFormDigit, ProFormText } from '@/shared/ui/form';
import { useT } from './messages';
import {
  DETAIL_URL,
  DICT_URL,
  createDetail,
  createDict,
  deleteDetail,
  deleteDicts,
  listDetails,
  DETAILS_AT_ONCE,
  listDicts,
  updateDetail,
  updateDict,
  type DetailRow,
  type DictRow,
} from './api';
import { placeholder } from '@/shared/lib/rules';

/** 字典管理: dictionaries on the left, the chosen one's entries on the right. */
export default function DictPage() {
  const t = useT();
  const { message } = App.useApp();
  const dictTable = useRef<ActionType>(null);
  const detailTable = useRef<ActionType>(null);
  const [chosen, setChosen] = useState<DictRow | null>(null);
  const [editDict, setEditDict] = useState<DictRow | 'new' | null>(null);
  const [editDetail, setEditDetail] = useState<DetailRow | 'new' | null>(null);
  // the exports are the list's (dict:list), as in eladmin
  const canExport = usePermission([Perm.DictList]);

  const dictActions = useActionColumn<DictRow>({
    perm: 'dict',
    onEdit: setEditDict,
    remove: async (row) => {
      await deleteDicts([row.id]);
      if (chosen?.id === row.id) setChosen(null);
    },
    reload: () => dictTable.current?.reload(),
  });
  const detailActions = useActionColumn<DetailRow>({
    perm: 'dict',
    onEdit: setEditDetail,
    remove: (row) => deleteDetail(row.id),
    reload: () => detailTable.current?.reload(),
  });

  const dictColumns: DataColumn<DictRow>[] = [
    { title: t('sys.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('sys.blurry') } },
    { title: t('dict.name'), dataIndex: 'name', search: false },
    { title: t('sys.description'), dataIndex: 'description', search: false, ellipsis: true },
    dictActions,
  ];
  const detailColumns: DataColumn<DetailRow>[] = [
    { title: t('dict.label'), dataIndex: 'label' },
    { title: t('dict.labelEn'), dataIndex: 'labelEn', renderText: (v?: string) => v || '-' },
    { title: t('dict.value'), dataIndex: 'value' },
    { title: t('sys.sort'), dataIndex: 'dictSort' },
    detailActions,
  ];

  const dictRow = editDict && editDict !== 'new' ? editDict : null;
  const detailRow = editDetail && editDetail !== 'new' ? editDetail : null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <DataTable<DictRow, { current?: number; pageSize?: number; blurry?: string }>
          serial={false}
          title={t('dict.title')}
          downUrl={canExport ? DICT_URL : undefined}
          actionRef={dictTable}
          columns={dictColumns}
          options={{ density: false, fullScreen: false, reload: true, setting: false }}
          onRow={(row) => ({ onClick: () => setChosen(row), style: { cursor: 'pointer' } })}
          rowClassName={(row) => (row.id === chosen?.id ? 'ant-table-row-selected' : '')}
          toolbar={[<AddButton key="add" perm="dict" onClick={() => setEditDict('new')} />]}
          request={async (_, params) => {
            return listDicts({ ...pageQuery(params), blurry: params.blurry?.trim() || undefined });
          }}
        />
      </Col>
      <Col xs={24} lg={12}>
        {chosen ? (
          <DataTable<DetailRow>
            serial={false}
            key={chosen.id}
            downUrl={canExport ? DETAIL_URL : undefined}
            downFilters={{ dictName: chosen.name }}
            title={t('dict.detailsOf', { name: chosen.name })}
            actionRef={detailTable}
            columns={detailColumns}
            search={false}
            options={{ density: false, fullScreen: false, reload: true, setting: false }}
            toolbar={[<AddButton key="add" perm="dict" onClick={() => setEditDetail('new')} />]}
            // A dictionary's entries are few: read at once, unpaged, as seed-spec §7 asks
            // (dictName, page 0, size 9999).
            pagination={false}
            request={async () => listDetails({ dictName: chosen.name, page: 0, size: DETAILS_AT_ONCE })}
          />
        ) : (
          // in a card like the list beside it, not loose on the page's background (issue 16)
          <Card styles={{ body: { padding: '64px 24px' } }}>
            <Empty description={t('dict.pick')} />
          </Card>
        )}
      </Col>
      <Dialog<{ name: string; description?: string }>
        key={dictRow ? `dict-${dictRow.id}` : 'dict-new'}
        title={dictRow ? t('sys.edit') : t('sys.add')}
        open={editDict !== null}
        width={480}
        initialValues={dictRow ?? {}}
        columns={1}
        modalProps={{ onCancel: () => setEditDict(null) }}
        onFinish={async (v) => {
          const body = { name: v.name, description: v.description ?? '' };
          if (dictRow) await updateDict({ ...body, id: dictRow.id });
          else await createDict(body);
          void message.success(dictRow ? t('sys.saved') : t('sys.created'));
          setEditDict(null);
          dictTable.current?.reload();
          return true;
        }}
      >
        <ProFormText name="name" label={t('dict.name')} placeholder={placeholder(t('dict.name'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormText name="description" label={t('sys.description')} placeholder={placeholder(t('sys.description'), 'text')} />
      </Dialog>
      <Dialog<{ label: string; labelEn?: string; value: string; dictSort?: number }>
        key={detailRow ? `detail-${detailRow.id}` : 'detail-new'}
        title={detailRow ? t('sys.edit') : t('sys.add')}
        open={editDetail !== null && chosen !== null}
        width={480}
        initialValues={detailRow ?? { dictSort: 999 }}
        columns={1}
        modalProps={{ onCancel: () => setEditDetail(null) }}
        onFinish={async (v) => {
          if (!chosen) return true;
          const body = { dict: { id: chosen.id }, label: v.label, labelEn: v.labelEn?.trim() ?? '', value: v.value, dictSort: v.dictSort ?? 999 };
          if (detailRow) await updateDetail({ ...body, id: detailRow.id });
          else await createDetail(body);
          void message.success(detailRow ? t('sys.saved') : t('sys.created'));
          setEditDetail(null);
          detailTable.current?.reload();
          return true;
        }}
      >
        <ProFormText name="label" label={t('dict.label')} placeholder={placeholder(t('dict.label'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormText
          name="labelEn"
          label={t('dict.labelEn')}
          tooltip={t('dict.labelEn.tip')}
          placeholder={placeholder(t('dict.labelEn'), 'text')}
        />
        <ProFormText name="value" label={t('dict.value')} placeholder={placeholder(t('dict.value'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
        <ProFormDigit name="dictSort" label={t('sys.sort')} min={0} max={99999} fieldProps={{ placeholder: placeholder(t('sys.sort'), 'number'), precision: 0 }} />
      </Dialog>
    </Row>
  );
}
