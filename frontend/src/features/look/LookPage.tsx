import { useLocation } from 'react-router';
import { Card, Result } from 'antd';
import { AftersaleLook } from './AftersaleLook';
import { AgencyLook } from './AgencyLook';
import { ContractLook } from './ContractLook';
import { GoodsLook } from './GoodsLook';
import { OrderLook } from './OrderLook';
import { useT } from './messages';
import { lookTarget } from './target';

/**
 * 详情 (/look?type=goods|order|contract|agency|aftersale&id=): a read-only record opened from a list's 详情 action. Its tab
 * is titled by the record once loaded; an unknown type or id, a missing record, a failed load
 * each say so instead of leaving the page blank.
 */
export default function LookPage() {
  const t = useT();
  const location = useLocation();
  const target = lookTarget(location.search);
  if (!target) {
    return (
      <Card>
        <Result status="warning" title={t('look.unknownType')} subTitle={t('look.unknownTypeHint')} />
      </Card>
    );
  }
  const View = { goods: GoodsLook, order: OrderLook, contract: ContractLook, agency: AgencyLook, aftersale: AftersaleLook }[target.type];
  const fullPath = location.pathname + location.search;
  if (target.no) return <AftersaleLook key={`no-${target.no}`} id={0} no={target.no} fullPath={fullPath} />;
  return <View key={`${target.type}-${target.id}`} id={target.id} fullPath={fullPath} />;
}
