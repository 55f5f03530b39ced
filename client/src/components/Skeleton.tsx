import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../i18n';

interface SkeletonProps {
  /** CSS width, e.g. '60%' or '12rem'; full width by default. */
  width?: string;
  /** CSS height; one line of body text by default. */
  height?: string;
  /** 'text' is a rounded line, 'block' a card-shaped area (an image, a table). */
  shape?: 'text' | 'block';
  className?: string;
}

/**
 * A grey placeholder with the size of content still loading, so the page keeps its shape and the
 * footer does not jump when the data arrives (CLS). Hidden from assistive technology: the container
 * that holds skeletons says it is busy (see PageSkeleton). Its size is set on the element's style
 * object before the browser paints, not as a style attribute: a page the server renders must carry no
 * inline style, which the Content-Security-Policy refuses (style-src 'self').
 */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const style = ref.current?.style;
    if (!style) return;
    style.width = width ?? '';
    style.height = height ?? '';
  }, [width, height]);
  return (
    <span
      ref={ref}
      className={`skeleton skeleton--${shape}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
    />
  );
}

/** Several lines of text, the last one shorter, like a paragraph. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className="skeleton-text" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? '60%' : undefined} />
      ))}
    </span>
  );
}

/**
 * A generic page still loading: a heading and a few blocks of text in the page's width. The route
 * shell shows it while a screen's code loads; screens may show it while their data loads.
 */
export function PageSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page-skeleton" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{label ?? t('COMMON.LOADING')}</span>
      <Skeleton className="page-skeleton__title" width="min(24rem, 70%)" height="2.25rem" />
      <SkeletonText lines={3} />
      <Skeleton shape="block" height="12rem" />
      <SkeletonText lines={2} />
    </div>
  );
}

/**
 * A table or list still loading, under a screen's heading: a header line and `rows` rows, so the
 * footer does not jump when the data arrives (CLS). Data screens show it instead of a spinner.
 */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{t('COMMON.LOADING')}</span>
      <Skeleton height="1.1rem" width="min(30rem, 70%)" />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="2.2rem" />
      ))}
    </div>
  );
}
