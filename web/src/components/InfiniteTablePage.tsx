import type { ReactNode } from 'react';
import { Button, Flex, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { InfiniteList } from '../pages/tags/useInfiniteList';

type Props<T extends { id: number }> = {
  /** The screen's title; the list's count follows it in brackets. */
  title: string;
  list: InfiniteList<T>;
  columns: ColumnsType<T>;
  searchPlaceholder: string;
  addLabel: string;
  onAdd(): void;
  emptyText: string;
  /** Dialogs and modal holders of the screen. */
  children?: ReactNode;
};

/**
 * A screen made of one searchable, infinite-scroll table (spec 000 §9: search after a pause, the next
 * page near the bottom): the title with the count, the search box and the add button above it.
 */
export function InfiniteTablePage<T extends { id: number }>({ title, list, columns, searchPlaceholder, addLabel, onAdd, emptyText, children }: Props<T>) {
  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title} ({list.count})
        </Typography.Title>
        <Space wrap>
          <Input
            allowClear
            value={list.input}
            onChange={(e) => list.setInput(e.target.value)}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            prefix={<SearchOutlined />}
            style={{ width: 240 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}>
        <Table<T> rowKey="id" columns={columns} dataSource={list.items} loading={list.loading} pagination={false} size="middle" locale={{ emptyText }} />
      </div>
      {children}
    </Flex>
  );
}
