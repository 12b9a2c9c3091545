import { createColumnHelper, tableFeatures, type RowData } from '@tanstack/react-table';

/**
 * The react-table features of every dashboard table: the core alone (row model, headers, cells).
 * Paging, filters and sorting are the gateway's, kept in the URL, so the table bundles none of
 * react-table's client-side features (v9 includes only what is registered here).
 */
export const features = tableFeatures({});
export type Features = typeof features;

/** Typed column builders for rows of `T`: `accessor(key | fn, def)` and `display(def)`. */
export const columnHelper = <T extends RowData>() => createColumnHelper<Features, T>();
