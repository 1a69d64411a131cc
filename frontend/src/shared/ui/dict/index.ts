export { DictSelect, type DictSelectProps } from './DictSelect';
export { useDicts } from './useDicts';
export { loadDict, loadDicts, clearDicts, entryLabel, DICT_QUERY, type DictEntry } from './dicts';
