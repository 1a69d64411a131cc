/**
 * The DingTalk look of the tree: a column of cards joined by a centre line; a route's branches side
 * by side between a top and a bottom rule. Injected by the canvas (a style element), the way the
 * rich-text editor brings its own, so the designer's styles load with its chunk only. The neutral
 * colours are variables the canvas sets from antd's theme tokens (flowThemeVars), so the canvas
 * follows dark mode; the light values here are only the fallbacks.
 */
export const FLOW_CSS = `
.wf-canvas { overflow: auto; padding: 24px 16px 48px; background: var(--wf-canvas-bg, #f5f5f7); min-height: 480px; }
.wf-zoom { transform-origin: top center; display: flex; flex-direction: column; align-items: center; min-width: min-content; }
.wf-chain { display: flex; flex-direction: column; align-items: center; flex: 1 0 auto; }
.wf-card { position: relative; z-index: 1; width: 220px; border-radius: 6px; background: var(--wf-card-bg, #fff); box-shadow: 0 2px 6px rgba(0,0,0,.08); border: 2px solid transparent; cursor: pointer; text-align: left; }
.wf-card:hover { border-color: #3296fa; }
.wf-card.wf-readonly { cursor: default; }
.wf-card.wf-readonly:hover { border-color: transparent; }
.wf-card.wf-passed, .wf-card.wf-passed:hover { border-color: #52c41a; }
.wf-card.wf-current, .wf-card.wf-current:hover { border-color: #1677ff; box-shadow: 0 0 0 3px rgba(22,119,255,.2); }
.wf-card.wf-bad, .wf-card.wf-bad:hover { border-color: #ff4d4f; }
.wf-card-title { display: flex; align-items: center; gap: 4px; padding: 4px 8px; border-radius: 4px 4px 0 0; color: #fff; font-size: 12px; min-height: 24px; }
.wf-card-title .wf-title-text { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wf-card-body { padding: 8px 10px; font-size: 13px; color: var(--wf-text, #333); word-break: break-all; min-height: 20px; }
.wf-card-body .wf-unset { color: var(--wf-text-muted, #999); }
.wf-card-problem { padding: 0 10px 6px; color: #ff4d4f; font-size: 12px; }
.wf-t-start { background: #576a95; }
.wf-t-approver { background: #ff943e; }
.wf-t-cc { background: #3296fa; }
.wf-t-branch { background: var(--wf-card-bg, #fff); color: #15bc83; border-bottom: 1px solid var(--wf-split, #f0f0f0); }
.wf-t-branch .wf-prio { color: var(--wf-text-muted, #999); }
.wf-card-title button { color: inherit !important; }
.wf-add { position: relative; width: 220px; display: flex; justify-content: center; padding: 20px 0 28px; flex: 0 0 auto; }
.wf-add::before { content: ''; position: absolute; left: 50%; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: var(--wf-line, #cacaca); }
.wf-add .ant-btn { z-index: 1; }
.wf-route { display: flex; flex-direction: column; align-items: center; position: relative; }
.wf-route-add { z-index: 2; margin-bottom: -16px; }
.wf-branches { display: flex; }
.wf-branch { position: relative; display: flex; flex-direction: column; align-items: center; padding: 32px 24px 0; }
.wf-branch::before { content: ''; position: absolute; left: 50%; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: var(--wf-line, #cacaca); }
.wf-branch > .wf-line-top, .wf-branch > .wf-line-bottom { position: absolute; left: 0; right: 0; height: 2px; background: var(--wf-line, #cacaca); }
.wf-branch > .wf-line-top { top: 0; }
.wf-branch > .wf-line-bottom { bottom: 0; }
.wf-branch:first-child > .wf-line-top, .wf-branch:first-child > .wf-line-bottom { left: 50%; }
.wf-branch:last-child > .wf-line-top, .wf-branch:last-child > .wf-line-bottom { right: 50%; }
.wf-end { display: flex; flex-direction: column; align-items: center; color: var(--wf-text-muted, #999); font-size: 13px; }
.wf-end::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: var(--wf-line, #dbdcdc); margin-bottom: 6px; }
.wf-after-route { width: 2px; height: 20px; background: var(--wf-line, #cacaca); }
`;

/** The canvas's neutral colours from antd's theme tokens, as the variables FLOW_CSS reads. */
export function flowThemeVars(token: {
  colorBgLayout: string;
  colorBgContainer: string;
  colorText: string;
  colorTextTertiary: string;
  colorSplit: string;
  colorBorder: string;
}): Record<string, string> {
  return {
    '--wf-canvas-bg': token.colorBgLayout,
    '--wf-card-bg': token.colorBgContainer,
    '--wf-text': token.colorText,
    '--wf-text-muted': token.colorTextTertiary,
    '--wf-split': token.colorSplit,
    '--wf-line': token.colorBorder,
  };
}
