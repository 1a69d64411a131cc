import { App, Button, Dropdown, type MenuProps } from 'antd';
import { ColumnHeightOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';
import { SIZES, useAppStore, type Size } from './app';

/** The size selector (docs/decisions.md "Workspace look"): default / medium / small / mini, kept in the size cookie. */
export function SizeSelect() {
  const t = useT();
  const { message } = App.useApp();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);

  const items: MenuProps['items'] = SIZES.map((key) => ({ key, label: t(`size.${key}`) }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === size) return;
    setSize(key as Size);
    void message.success(t('settings.saved'));
  };

  return (
    <Dropdown menu={{ items, onClick, selectable: true, selectedKeys: [size] }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('size.label')} title={t('size.label')} icon={<ColumnHeightOutlined aria-hidden />} />
    </Dropdown>
  );
}
