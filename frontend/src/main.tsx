import '@/app/preflight';
import { qiankunWindow, renderWithQiankun, type QiankunProps } from 'vite-plugin-qiankun/dist/helper';
import { mountApp, type MountedApp } from '@/app/mount';

let app: MountedApp | null = null;

function mount(embedded: boolean, props: QiankunProps): void {
  app?.unmount();
  app = mountApp({ embedded, container: props.container ?? null, moduleUrl: import.meta.url, props });
}

// qiankun lifecycles (app name `monomer`, set in vite.config.ts).
renderWithQiankun({
  bootstrap: () => undefined,
  mount: (props) => mount(true, props),
  unmount: () => {
    app?.unmount();
    app = null;
  },
  update: (props) => app?.update(props),
});

if (!qiankunWindow.__POWERED_BY_QIANKUN__) mount(false, {});
