import { lazy } from 'react';

/** The editor is loaded when a form shows it, never with the frame. */
export const RichText = lazy(() => import('./RichText'));
