import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Skeleton } from './states';

/**
 * Every grid of the back office (decision 067): TanStack Table as the headless model (columns,
 * cells, row ids), our markup and styles. The server pages and filters: the table only lays out
 * the page it gets, so no client-side row model is registered.
 */
export const gridFeatures = tableFeatures({});
export type GridFeatures = typeof gridFeatures;
export type GridColumns<T extends RowData> = ColumnDef<GridFeatures, T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

export function gridColumns<T extends RowData>() {
  return createColumnHelper<GridFeatures, T>();
}

const emptyRows: never[] = [];

export function DataTable<T extends RowData>({
  columns,
  data,
  caption,
  getRowId,
  loading,
  empty,
  numeric = [],
  testId,
}: {
  columns: GridColumns<T>;
  data: T[] | undefined;
  /** Read by screen readers: what the table lists. */
  caption: string;
  getRowId: (row: T) => string;
  loading?: boolean;
  empty: ReactNode;
  /** Column ids set right-aligned in tabular figures (amounts, counts). */
  numeric?: readonly string[];
  testId?: string;
}) {
  const table = useTable({
    features: gridFeatures,
    columns,
    data: data ?? (emptyRows as T[]),
    getRowId: (row) => getRowId(row),
  });
  if (loading) return <Skeleton lines={5} />;
  const rows = table.getRowModel().rows;
  if (rows.length === 0) return <>{empty}</>;
  return (
    // A region that the keyboard can reach, so a table wider than its card scrolls without a mouse.
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={numeric.includes(header.column.id) ? 'num' : undefined}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={numeric.includes(cell.column.id) ? 'num' : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
