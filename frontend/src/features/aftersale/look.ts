// the detail (/look?type=aftersale&id=) draws the case as the drawer does: its own chunk for features/look
export { CaseView } from './components/CaseView';
