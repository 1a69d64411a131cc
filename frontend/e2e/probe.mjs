// Measures what a page has attached to window and document, so a test can prove that unmounting
// the micro-frontend leaves nothing behind.
export async function footprint(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const count = async (expression) => {
      const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'probe' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
      // Playwright's own hit-target checks register listeners from one script of its own, marked
      // by a listener of this type; they are the test tool's, not the page's.
      const tool = new Set(listeners.filter((l) => l.type === '__playwright_global_listeners_check__')
        .map((l) => l.scriptId));
      return listeners.filter((l) => !tool.has(l.scriptId)).map((l) => l.type).sort();
    };
    const windowListeners = await count('window');
    const documentListeners = await count('document');
    const bodyListeners = await count('document.body');
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'probe' });
    const dom = await page.evaluate(() => ({
      head: [...document.head.children].map((n) => n.outerHTML.slice(0, 120)),
      bodyChildren: [...document.body.children].map((n) => `${n.tagName}#${n.id}.${n.className}`),
      globals: Object.keys(window),
      title: document.title,
      container: document.querySelector('#subapp')?.innerHTML.length ?? -1,
    }));
    return { windowListeners, documentListeners, bodyListeners, ...dom };
  } finally {
    await cdp.detach();
  }
}
