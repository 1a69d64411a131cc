// 物流跟踪: drawn on the order's detail (/look) for shipped orders, in a chunk of its own.
export { TrackingTimeline } from './TrackingTimeline';
