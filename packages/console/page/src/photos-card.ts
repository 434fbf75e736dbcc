import type { PhotosPending } from '../../src/console-contract.js';
import { answerCard } from './answer-card.js';
import { el } from './el.js';
import { photoUrl } from './request-json.js';

/**
 * The photo picker of `photos_pick`: the offered photos as thumbnails, newest first (the server's
 * order), each a checkbox labelled by its file name; at most `limit` can be checked (the others
 * are disabled while the choice is full). `Choose` answers the checked photos, `Cancel` none.
 */
export function photosCard(pending: PhotosPending): HTMLElement {
  const boxes: HTMLInputElement[] = [];
  const count = el('p', { className: 'meta', role: 'status' });
  const update = (): void => {
    const checked = boxes.filter((box) => box.checked).length;
    for (const box of boxes) box.disabled = !box.checked && checked >= pending.limit;
    count.textContent = `${checked} of at most ${pending.limit} chosen`;
  };
  const items = pending.photos.map((photo) => {
    const box = el('input', { type: 'checkbox', value: photo.id });
    box.addEventListener('change', update);
    boxes.push(box);
    const thumbnail = el('img', {
      src: photoUrl(pending.id, photo.id),
      alt: '',
      loading: 'lazy',
      decoding: 'async',
    });
    return el('li', {}, el('label', { className: 'photo' }, box, thumbnail, el('span', { className: 'name' }, photo.name)));
  });
  update();
  return answerCard(
    pending,
    'Choose photos',
    [count, el('ul', { className: 'photos' }, ...items)],
    [
      { label: 'Choose', primary: true, answer: () => ({ photoIds: boxes.filter((box) => box.checked).map((box) => box.value) }) },
      { label: 'Cancel', cancel: true, answer: () => ({ photoIds: [] }) },
    ],
  );
}
