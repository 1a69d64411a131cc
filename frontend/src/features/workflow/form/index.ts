export { FormRenderer, type FormRendererProps } from './FormRenderer';
export { FieldControl } from './controls';
export { cleanData, defaultsOf, fieldRules, isBlankHtml, isEmpty, permOf } from './logic';
export * from './types';
