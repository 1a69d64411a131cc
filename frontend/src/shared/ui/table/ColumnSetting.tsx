import type { ReactNode } from 'react';
import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';

/** Column key → whether it is shown (absent: shown), ProTable's columnsState shape. */
export type ColumnsState = Record<string, { show?: boolean }>;

export interface ColumnSettingProps {
  columns: { key: string; title?: ReactNode }[];
  value: ColumnsState;
  /** The wanted state; the table decides whether to take it (at least one column stays). */
  onChange: (state: ColumnsState) => void;
}

/** The toolbar's 列设置: 列展示 (all or none), one checkbox per column, 重置. */
export function ColumnSetting({ columns, value, onChange }: ColumnSettingProps) {
  const t = useT();
  const shown = columns.filter((c) => value[c.key]?.show !== false).map((c) => c.key);
  const every = (show: boolean): ColumnsState => Object.fromEntries(columns.map((c) => [c.key, { show }]));
  const content = (
    <div className="data-table-column-setting" style={{ minWidth: 180 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', paddingBottom: 8, marginBottom: 8, borderBottom: '1px solid rgba(5,5,5,.06)' }}>
        <Checkbox
          indeterminate={shown.length > 0 && shown.length < columns.length}
          checked={shown.length === columns.length}
          onChange={(e) => onChange(every(e.target.checked))}
        >
          {t('table.showColumns')}
        </Checkbox>
        <a onClick={() => onChange({})}>{t('search.reset')}</a>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 6, maxHeight: 320, overflowY: 'auto' }}>
        {columns.map((c) => (
          <Checkbox
            key={c.key}
            checked={value[c.key]?.show !== false}
            onChange={(e) => onChange({ ...value, [c.key]: { show: e.target.checked } })}
          >
            {c.title}
          </Checkbox>
        ))}
      </div>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" arrow={false}>
      <Button type="text" aria-label={t('table.columns')} title={t('table.columns')} icon={<SettingOutlined />} />
    </Popover>
  );
}
