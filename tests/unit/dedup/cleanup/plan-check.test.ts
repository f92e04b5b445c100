/**
 * The last safety net before a cleanup touches anything: the plan must still describe the tree. Regressions from
 * the independent review (F1, F2): edits between the scan and the apply must never remove the last copy of a page.
 */
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../../src/dedup/cleanup/apply';
import { cleanupPlan, removeCopiedFolder, removeCopy } from '../../../kit/plan';
import { find, flatten, MENU, seed, setup, testCtx } from '../cleanup-fixtures';

const PAGE = 'https://site1.example/page';

async function copiesOf(browser: ReturnType<typeof setup>['browser'], url: string) {
  const [root] = await browser.bookmarks.getTree();
  return flatten([root]).filter((n) => n.url === url).length;
}

describe('plan check', () => {
  it('regression (review F1): the kept copy changing its URL after the scan keeps the other copy', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'Keep', url: PAGE },
      { title: 'Copy', url: PAGE },
    ]);
    const keep = await find(t.browser, 'Keep');
    const copy = await find(t.browser, 'Copy');
    const plan = cleanupPlan({ createdAt: t.now(), removals: [removeCopy(copy, keep, { keptUrl: PAGE })] });
    t.tick();
    await t.browser.bookmarks.update(keep.id, { url: 'https://elsewhere.example/' });

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(await copiesOf(t.browser, PAGE)).toBe(1);
    expect(result.problems).toEqual([expect.objectContaining({ id: copy.id, reason: 'kept-copy-missing' })]);
  });

  it('regression (review F2): a copy deleted from the kept folder after the scan keeps the redundant folder', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      {
        title: 'Work',
        children: [
          { title: 'a', url: 'https://a.example/' },
          { title: 'b', url: 'https://b.example/' },
        ],
      },
      {
        title: 'Work (1)',
        children: [
          { title: 'a', url: 'https://a.example/' },
          { title: 'b', url: 'https://b.example/' },
        ],
      },
    ]);
    const [menu] = await t.browser.bookmarks.getSubTree(MENU);
    const [work, copy] = menu.children!;
    const plan = cleanupPlan({ createdAt: t.now(), removals: [removeCopiedFolder(copy, work)] });
    t.tick();
    await t.browser.bookmarks.remove(work.children![0].id);

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(await copiesOf(t.browser, 'https://a.example/')).toBe(1);
    expect(result.problems).toEqual([expect.objectContaining({ id: copy.id, reason: 'contents-changed' })]);
  });

  it('an unchanged plan still collapses the redundant folder', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'Work', children: [{ title: 'a', url: 'https://a.example/' }] },
      { title: 'Work (1)', children: [{ title: 'a', url: 'https://a.example/' }] },
    ]);
    const [menu] = await t.browser.bookmarks.getSubTree(MENU);
    const [work, copy] = menu.children!;
    t.tick();
    const plan = cleanupPlan({ createdAt: t.now(), removals: [removeCopiedFolder(copy, work)] });
    const result = await applyPlan(t.deps, plan, testCtx());
    expect(result.problems).toEqual([]);
    expect(await copiesOf(t.browser, 'https://a.example/')).toBe(1);
  });
});
