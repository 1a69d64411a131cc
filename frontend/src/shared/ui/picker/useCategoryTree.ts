import { useEffect, useState } from 'react';
import { categoryTree, type CategoryNode } from './categories';

/** The goods category tree (every category), fetched once per mount; [] until it has come. */
export function useCategoryTree(): CategoryNode[] {
  const [tree, setTree] = useState<CategoryNode[]>([]);
  useEffect(() => {
    let live = true;
    categoryTree(true)
      .then((t) => live && setTree(t))
      .catch(() => undefined); // the request client has told the user
    return () => {
      live = false;
    };
  }, []);
  return tree;
}
