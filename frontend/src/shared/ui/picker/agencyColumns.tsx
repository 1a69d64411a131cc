import type { ReactNode } from 'react';
import type { DataColumn } from '@/shared/ui/table';
import { AgencyCell, AgencySelect } from './AgencySelect';

interface AgencyRow {
  agencyId?: number | null;
  agencyName?: string;
}

export interface AgencyColumnsOptions {
  /** 渠道 / Agency: the heading and the filter's label. */
  title: string;
  /** What the shop's own rows show (自营). */
  own: string;
  /** false hides the filter: a channel session is offered its own agency only. */
  filter: boolean;
  /** The agency's name as a link (to its /look page); without it the name is plain text. */
  link?: (id: number, name: string) => ReactNode;
  width?: number;
}

/**
 * The 渠道 columns of a shop list: the filter, an agency picked by name (agencyId), and the cell,
 * the agency's name (agencyName, which is also the column exports write).
 */
export function agencyColumns<T extends AgencyRow>({ title, own, filter, link, width = 160 }: AgencyColumnsOptions): DataColumn<T>[] {
  return [
    {
      title,
      dataIndex: 'agencyId',
      hideInTable: true,
      hideInSearch: !filter,
      renderFormItem: ({ value, onChange }) => <AgencySelect label={title} value={value as number | string | undefined} onChange={onChange} />,
    },
    { title, dataIndex: 'agencyName', search: false, ellipsis: true, width, render: (_, row) => <AgencyCell row={row} own={own} link={link} /> },
  ];
}
