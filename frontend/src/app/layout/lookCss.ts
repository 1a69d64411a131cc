import { DATE_CELL } from '@/shared/ui/dateCell';

/**
 * Look rules for every page in the frame that antd's tokens cannot express (issue 16), written
 * once here rather than on each page. They go in the frame's own <style>, so embedded they stay
 * in the host's container and leave with the app.
 */

/** antd's extra-small screen (its screenXSMax): under it, form labels stand above their fields. */
const PHONE_MAX = 575;

export const LOOK_CSS = [
  // The pager's jumper: its 确定 / confirm button a gap from 页 / "Page", in both languages.
  '.ant-pagination .ant-pagination-options-quick-jumper .ant-btn{margin-inline-start:8px}',
  // A date column (DATE_CELL) keeps its dates on one line.
  `.${DATE_CELL}{white-space:nowrap}`,
  // On a phone every form puts its labels above the fields, as antd does on its own for forms
  // whose label column has no fixed width; a fixed width (labelCol flex, the 个人中心 and 流程申请
  // forms) is an inline style antd's rule cannot override, so it is lifted here.
  `@media (max-width:${PHONE_MAX}px){` +
    '.ant-form:not(.ant-form-inline) .ant-form-item-row{flex-wrap:wrap}' +
    '.ant-form:not(.ant-form-inline) .ant-form-item-row>.ant-form-item-label,' +
    '.ant-form:not(.ant-form-inline) .ant-form-item-row>.ant-form-item-control{flex:0 0 100% !important;max-width:100% !important}' +
    '.ant-form:not(.ant-form-inline) .ant-form-item-row>.ant-form-item-label{padding:0 0 8px;text-align:start;white-space:initial}' +
    '.ant-form:not(.ant-form-inline) .ant-form-item-row>.ant-form-item-label>label::after{visibility:hidden}' +
    '}',
].join('');
