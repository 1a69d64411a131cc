import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { theme } from 'antd';

/**
 * The route-change progress bar at the top (docs/decisions.md "Workspace look"): it starts when the path changes and
 * runs to its end once the new route has painted. Drawn by React inside the app's box (no global
 * DOM or stylesheet), its timers end with the frame.
 */
export function RouteProgress() {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const [width, setWidth] = useState<number | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setWidth(30);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setWidth(100));
    });
    const hide = setTimeout(() => setWidth(null), 450);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(hide);
    };
  }, [pathname]);

  if (width === null) return null;
  return (
    <div
      role="progressbar"
      aria-label="route progress"
      aria-valuenow={width}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        width: `${width}%`,
        background: token.colorPrimary,
        transition: 'width 0.3s ease',
        zIndex: 1100,
        pointerEvents: 'none',
      }}
    />
  );
}
