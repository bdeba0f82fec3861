import { BoardMessages as M } from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import { assertAuthor, canChangeAuthored } from './board.policy';

const post = { authorId: 1 };

describe('board policy', () => {
  it('lets the author alone change what they wrote', () => {
    expect(canChangeAuthored(post, 1)).toBe(true);
    expect(canChangeAuthored(post, 2)).toBe(false);
    // An author who left the service: nobody changes it.
    expect(canChangeAuthored({ authorId: null }, 2)).toBe(false);
  });

  it('refuses the others as AUTHOR_ONLY, in the words the caller gives', () => {
    expect(refusalOf(() => assertAuthor(post, 2))).toEqual({
      status: 403,
      code: ErrorCode.AUTHOR_ONLY,
      detail: M.authorOnly,
    });
    expect(refusalOf(() => assertAuthor(post, 2, M.postAuthorOnly))).toMatchObject({
      detail: M.postAuthorOnly,
    });
    expect(refusalOf(() => assertAuthor(post, 1))).toBeUndefined();
  });
});
