import { describe, expect, it } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { moveTargets, visibleRows } from './media-tree.tsx';

const node = (id: string, name: string, nodeKind: 'folder' | 'media', parentId?: string) =>
  ({ id, attributes: { name, nodeKind, ...(parentId ? { parentId } : {}) }, metadata: {}, relationships: {} }) as unknown as Entity;

const nodes = [node('f1', 'Verbali', 'folder'), node('f2', 'Certificati', 'folder'), node('f3', '2026', 'folder', 'f1'), node('m1', 'Foto.jpg', 'media', 'f3'), node('m2', 'Atto.pdf', 'media')];

describe('customer folder tree', () => {
  it('shows folders first then files by name, children only under an open folder', () => {
    expect(visibleRows(nodes, new Set()).map((r) => r.node.id)).toEqual(['f2', 'f1', 'm2']);
    expect(visibleRows(nodes, new Set(['f1', 'f3'])).map((r) => `${r.node.id}:${r.depth}`)).toEqual(['f2:1', 'f1:1', 'f3:2', 'm1:3', 'm2:1']);
  });

  it('offers as destinations the folders outside the one being moved and not its current one', () => {
    expect(moveTargets(nodes, nodes[0]!).map((n) => n.id)).toEqual(['f2']);
    expect(moveTargets(nodes, nodes[3]!).map((n) => n.id)).toEqual(['f2', 'f1']);
  });
});
