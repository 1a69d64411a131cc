import { useState } from 'react';
import { Button, Empty, Select, Space, Tooltip } from 'antd';
import { MENU_ICON_NAMES, menuIcon } from './icons';
import { useT } from './messages';

interface Props {
  value?: string;
  onChange?: (name: string) => void;
  placeholder?: string;
}

/**
 * A menu's icon, chosen from a grid of the icons the sidebar draws (the server accepts only
 * those): typing filters the grid, Enter takes the first one left, the field shows the chosen
 * icon with its name.
 */
export function IconPicker({ value, onChange, placeholder }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const shown = MENU_ICON_NAMES.filter((n) => n.toLowerCase().includes(search.trim().toLowerCase()));
  const choose = (name: string) => {
    onChange?.(name);
    setSearch('');
    setOpen(false);
  };
  return (
    <Select
      value={value || undefined}
      placeholder={placeholder}
      open={open}
      onOpenChange={setOpen}
      showSearch
      allowClear
      searchValue={search}
      onSearch={setSearch}
      filterOption={false}
      onClear={() => onChange?.('')}
      onInputKeyDown={(e) => {
        if (e.key === 'Enter' && open && shown.length > 0) {
          e.preventDefault();
          choose(shown[0]);
        }
      }}
      options={MENU_ICON_NAMES.map((n) => ({ value: n, label: <Space size={6}>{menuIcon(n)}{n}</Space> }))}
      popupRender={() => (
        <div role="listbox" aria-label={t('menu.icon')} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 4, padding: 4, maxHeight: 240, overflowY: 'auto' }}>
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ gridColumn: '1 / -1' }} />
          ) : (
            shown.map((n) => (
              <Tooltip key={n} title={n} mouseEnterDelay={0.6}>
                <Button
                  role="option"
                  aria-selected={n === value}
                  type={n === value ? 'primary' : 'text'}
                  icon={menuIcon(n)}
                  // keep the focus in the search, so that the dropdown stays open until chosen
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(n)}
                  style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
                >
                  {n}
                </Button>
              </Tooltip>
            ))
          )}
        </div>
      )}
    />
  );
}
