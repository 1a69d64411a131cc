import { useRef } from 'react';
import { App, Image, Tabs } from 'antd';
import { useT } from './messages';
import { DataTable, type ActionType, type DataColumn, type ListQuery } from '@/shared/ui/table';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { apiUrl } from '@/shared/lib/runtime';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { checkFile, DEFAULT_MAX_MB, DEFAULT_TYPES } from '@/shared/ui/upload/logic';
import { FileButton } from '@/shared/ui/upload/FileButton';
import { PICTURES_URL, STORAGE_URL, humanSize, listFiles, uploadFile, type StorageRow } from './api';

function storageQuery({ page, size, filters, sort }: ListQuery) {
  return { page, size, sort, blurry: filters.blurry === undefined ? undefined : String(filters.blurry) };
}

/** 上传: the shared upload rules (types, size), stored like every upload; the list then reloads. */
function UploadButton({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <FileButton
      types={DEFAULT_TYPES}
      check={(file) => checkFile(file, DEFAULT_MAX_MB, DEFAULT_TYPES)}
      send={async (file) => {
        await uploadFile(file);
        void message.success(t('storage.uploaded'));
        onDone();
      }}
      buttonProps={{ type: 'primary' }}
    >
      {t('storage.upload')}
    </FileButton>
  );
}

/** One tab's table: every file, or the pictures with a preview. */
function FileTable({ url, pictures }: { url: string; pictures: boolean }) {
  const t = useT();
  const ref = useRef<ActionType>(undefined);
  const canAdd = usePermission([Perm.StorageAdd]);
  const canDel = usePermission([Perm.StorageDel]);
  // the export is the list's (storage:list), as for every list
  const canExport = usePermission([Perm.StorageList]);
  const columns: DataColumn<StorageRow>[] = [
    {
      key: 'blurry',
      title: t('storage.name'),
      dataIndex: 'blurry',
      hideInTable: true,
      fieldProps: { 'aria-label': t('storage.name'), placeholder: t('storage.name.placeholder') },
    },
    ...(pictures
      ? [
          {
            key: 'preview',
            title: t('storage.preview'),
            dataIndex: 'readUrl',
            search: false,
            export: false, // a picture, not a value for the sheet
            width: 88,
            render: (_: unknown, r: StorageRow) => <Image src={apiUrl(r.readUrl)} alt={r.name} width={64} height={64} style={{ objectFit: 'cover' }} />,
          } satisfies DataColumn<StorageRow>,
        ]
      : []),
    // The name takes what the short columns leave (no width of its own) and wraps rather than
    // being cut: at 1366 px that is about 290 px, room for 36 Latin characters on a line; a long
    // Chinese name takes a second line. 后缀, 类型 and 大小 hold a few characters, so they get
    // their heading's room in either language (the sort arrow included) and no more.
    {
      key: 'name',
      title: t('storage.name'),
      dataIndex: 'name',
      search: false,
      sorter: true,
      render: (_, r) => <span style={{ overflowWrap: 'anywhere' }}>{r.name}</span>,
    },
    { key: 'suffix', title: t('storage.suffix'), dataIndex: 'suffix', search: false, width: 72 },
    { key: 'type', title: t('storage.type'), dataIndex: 'type', search: false, width: 64 },
    { key: 'size', title: t('storage.size'), dataIndex: 'size', search: false, sorter: true, width: 96, render: (_, r) => humanSize(r.size) },
    { key: 'uploader', title: t('storage.uploader'), dataIndex: 'uploader', search: false, width: 120, ellipsis: true },
    { className: DATE_CELL, key: 'createTime', title: t('sys.createTime'), dataIndex: 'createTime', search: false, sorter: true },
  ];
  return (
    <DataTable<StorageRow>
      title={pictures ? t('storage.pictures') : t('storage.title')}
      rowKey="id"
      actionRef={ref}
      columns={columns}
      deleteUrl={canDel ? STORAGE_URL : undefined}
      downUrl={canExport ? url : undefined}
      rowActionLabels={[t('storage.download')]}
      rowActions={(r) => [
        <a key="download" href={apiUrl(r.downloadUrl)} download={r.name}>
          {t('storage.download')}
        </a>,
      ]}
      toolbar={canAdd ? [<UploadButton key="upload" onDone={() => void ref.current?.reload()} />] : []}
      request={(q) => listFiles(url, storageQuery(q))}
    />
  );
}

/** 存储管理: every stored upload (name, type, size, uploader, time; download, upload, delete), and the pictures among them on their own tab with previews. */
export default function StoragePage() {
  const t = useT();
  return (
    <Tabs
      items={[
        { key: 'files', label: t('storage.files'), children: <FileTable url={STORAGE_URL} pictures={false} /> },
        { key: 'pictures', label: t('storage.pictures'), children: <FileTable url={PICTURES_URL} pictures /> },
      ]}
    />
  );
}
