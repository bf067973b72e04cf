// Runs in: renderer. The list-with-row-actions table shared by the list pages (languages, term tags, text
// tags, …): a spinner while rows load, an empty state when there are none, else one row per item with its
// action buttons (or links) at the right.
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { Spinner } from './Page';
import { t } from '../lib/i18n';

export interface RowColumn<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  className?: string;
}

export interface RowAction<T> {
  label: string;
  /** A link action (navigates) instead of a button. */
  to?(row: T): string;
  run?(row: T): void | Promise<void>;
  danger?: boolean;
  /** Leaves the action out for this row. */
  hidden?(row: T): boolean;
  disabled?(row: T): boolean;
}

export function RowTable<T>({
  rows,
  rowKey,
  columns,
  actions = [],
  empty,
  label,
  rowClassName,
}: {
  /** undefined while loading. */
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  columns: RowColumn<T>[];
  actions?: RowAction<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  label?: string;
  rowClassName?(row: T): string | undefined;
}) {
  if (!rows) return <Spinner />;
  if (rows.length === 0) return <>{empty}</>;
  return (
    <table className="table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={c.className}>
              {c.header}
            </th>
          ))}
          {actions.length > 0 && <th className="row-actions">{t('common.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((c, i) => (
              <td key={i} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
            {actions.length > 0 && (
              <td className="row-actions">
                {actions
                  .filter((a) => !a.hidden?.(row))
                  .map((a) => {
                    const className = `btn btn-small btn-ghost${a.danger ? ' btn-danger-ghost' : ''}`;
                    return a.to ? (
                      <Link key={a.label} className={className} to={a.to(row)}>
                        {a.label}
                      </Link>
                    ) : (
                      <button key={a.label} className={className} disabled={a.disabled?.(row)} onClick={() => void a.run?.(row)}>
                        {a.label}
                      </button>
                    );
                  })}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
