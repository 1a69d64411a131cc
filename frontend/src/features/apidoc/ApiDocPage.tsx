import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { getRuntime } from '@/shared/lib/runtime';
import { getToken } from '@/shared/lib/token';
import { useT } from './messages';

/** Where the BFF serves Swagger UI (seed-spec §7). */
export const SWAGGER_PATH = '/api/swagger-ui.html';

/**
 * 接口文档: the BFF's Swagger UI in a frame. On the console's own origin the frame reads the
 * session cookie itself; inside a host portal the session lives on the portal's origin, so the
 * page hands the token to the frame when it asks (only to that frame, only at the BFF's origin).
 */
export default function ApiDocPage() {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const src = getRuntime().apiBase + SWAGGER_PATH;
  // The frame reaches down to the bottom of the window, wherever the host put the console.
  const [height, setHeight] = useState(480);
  useLayoutEffect(() => {
    const fit = () => {
      const top = frame.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(480, Math.floor(window.innerHeight - top - 48)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  useEffect(() => {
    const origin = new URL(src, window.location.href).origin;
    const onMessage = (e: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || e.source !== target || e.origin !== origin) return;
      if ((e.data as { type?: string } | null)?.type !== 'bff-swagger-ready') return;
      target.postMessage({ type: 'bff-token', token: getToken() ?? null }, origin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);
  return (
    <Card
      title={t('apidoc.title')}
      extra={
        <Button type="link" href={src} target="_blank" rel="noopener">
          {t('apidoc.open')}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      <iframe
        ref={frame}
        src={src}
        title={t('apidoc.title')}
        style={{ display: 'block', width: '100%', height, border: 0 }}
      />
    </Card>
  );
}
