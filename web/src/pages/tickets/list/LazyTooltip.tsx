import { cloneElement, useState, type HTMLAttributes, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Tooltip, type TooltipProps } from 'antd';

type Props = {
  title: ReactNode;
  placement?: TooltipProps['placement'];
  /** One element that takes mouse handlers (a disabled button does not: wrap it in a span). */
  children: ReactElement<HTMLAttributes<HTMLElement>>;
};

/**
 * An antd Tooltip mounted on the first hover. A ticket card has several tooltips and the virtual list
 * mounts new cards on every frame while it scrolls: a Tooltip (a trigger with its own observers and
 * style hooks) per element made each card several times more expensive than its content.
 */
export function LazyTooltip({ title, placement, children }: Props) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open !== null)
    return (
      <Tooltip title={title} placement={placement} open={open} onOpenChange={setOpen}>
        {children}
      </Tooltip>
    );
  const { onMouseEnter, onMouseLeave } = children.props;
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      onMouseEnter?.(e);
      setOpen(true);
    },
    onMouseLeave: (e: MouseEvent<HTMLElement>) => {
      onMouseLeave?.(e);
      setOpen(false);
    },
  });
}
