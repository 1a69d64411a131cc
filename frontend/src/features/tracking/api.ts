import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

export type Tracking = Schemas['TrackingRow'];
export type TrackingEvent = Tracking['events'][number];

/** GET /api/orders/{id}/tracking: the parcel's events, from the BFF's cache or (refresh) the provider. */
export const getTracking = (orderId: number, refresh = false) =>
  http.get<Tracking>(`/api/orders/${orderId}/tracking`, refresh ? { params: { refresh: 1 } } : undefined);
