/**
 * The Places package's sentences (packages/places: tag-name refusals, the Places API's refusals) in the UI's
 * language: each of the package's message keys is a message of _locales (the table below; TypeScript refuses a key
 * the package adds until it is one).
 */
import type { PlacesMessageKey, Translate } from '@tidymarks/places/support';
import { t, type MessageId } from './index';
import type { Substitution } from './substitution';

const PLACES_IDS: Record<PlacesMessageKey, MessageId> = {
  tagsNameNotString: 'tagsNameNotString',
  tagsNameEmpty: 'tagsNameEmpty',
  tagsNameTooLong: 'tagsNameTooLong',
  tagsNameComma: 'tagsNameComma',
  tagsUrlInvalid: 'tagsUrlInvalid',
  tagsRenameNotFound: 'tagsRenameNotFound',
  placesRootReadOnly: 'placesRootReadOnly',
  placesRemoveUnsaved: 'placesRemoveUnsaved',
  placesUpdateNeedsId: 'placesUpdateNeedsId',
  placesWrongType: 'placesWrongType',
  placesHiddenRoot: 'placesHiddenRoot',
};

export const translatePlaces: Translate = (key, ...substitutions) =>
  (t as (id: MessageId, ...subs: Substitution[]) => string)(PLACES_IDS[key], ...(substitutions as Substitution[]));
