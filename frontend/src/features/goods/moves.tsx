import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { lazyDialog } from '@/shared/ui/form';
import { setGoodsStatus, type GoodsDetail } from './api';
import { useT } from './messages';

/** 新增/编辑 商品: its own chunk, fetched after the page has drawn. */
export const GoodsDialog = lazyDialog(() => import('./components/GoodsDialog'));

/**
 * The goods detail's (/look) buttons, as the list offers them to goods:edit: 编辑 (the list's
 * dialog) and 上架 or 下架 by the goods' status (PUT /api/goods/status, as the batch buttons).
 * `onChanged` runs after a save or a status change. A chunk of its own for /look.
 */
export default function GoodsActions({ goods, onChanged }: { goods: GoodsDetail; onChanged: () => void }) {
  const t = useT();
  const { modal, message } = App.useApp();
  const canEdit = usePermission([Perm.GoodsEdit]);
  const [editing, setEditing] = useState<GoodsDetail | null>(null);
  // each opening a new form, as on the list: nothing typed before comes back
  const [opened, setOpened] = useState(0);
  if (!canEdit) return null;
  const next = goods.status === 'on_sale' ? 'off_sale' : 'on_sale';
  const on = next === 'on_sale';
  const flip = () =>
    modal.confirm({
      title: t('common.hint'),
      content: t(on ? 'goods.confirmOnSaleOne' : 'goods.confirmOffSaleOne', { name: goods.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await setGoodsStatus([goods.id], next);
        void message.success(t(on ? 'goods.onSaleDone' : 'goods.offSaleDone'));
        onChanged();
      },
    });
  return (
    <>
      <Space>
        <Button
          type="primary"
          onClick={() => {
            setOpened((n) => n + 1);
            setEditing(goods);
          }}
        >
          {t('sys.edit')}
        </Button>
        <Button danger={!on} onClick={flip}>
          {t(on ? 'goods.onSale' : 'goods.offSale')}
        </Button>
      </Space>
      <GoodsDialog
        key={opened}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
    </>
  );
}
