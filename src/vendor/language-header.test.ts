import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../i18n/language.js';
import { languageHeader } from './language-header.js';

const cases: {
  name: string;
  headers: Record<string, string | string[] | undefined>;
  text: string | undefined;
  language: string;
}[] = [
  {
    name: 'accept-language alone is read',
    headers: { 'accept-language': 'fr-FR' },
    text: 'fr-FR',
    language: 'fr-FR',
  },
  {
    name: 'accept-language wins over X-Moltin-Language when both name a language',
    headers: { 'accept-language': 'de-DE', 'x-moltin-language': 'fr-FR' },
    text: 'de-DE',
    language: 'de-DE',
  },
  {
    name: 'X-Moltin-Language is read when accept-language is absent',
    headers: { 'x-moltin-language': 'fr-FR' },
    text: 'fr-FR',
    language: 'fr-FR',
  },
  {
    name: "X-Moltin-Language is read when accept-language is Node fetch's bare *",
    headers: { 'accept-language': '*', 'x-moltin-language': 'fr-FR' },
    text: 'fr-FR',
    language: 'fr-FR',
  },
  {
    name: 'X-Moltin-Language is read when accept-language is blank',
    headers: { 'accept-language': '  ', 'x-moltin-language': 'de' },
    text: 'de',
    language: 'de-DE',
  },
  { name: 'a bare * alone stays *', headers: { 'accept-language': '*' }, text: '*', language: 'en-US' },
  {
    name: 'a blank X-Moltin-Language leaves the bare *',
    headers: { 'accept-language': '*', 'x-moltin-language': '' },
    text: '*',
    language: 'en-US',
  },
  { name: 'no header gives nothing to negotiate', headers: {}, text: undefined, language: 'en-US' },
  {
    name: 'repeated X-Moltin-Language headers are joined as a list',
    headers: { 'x-moltin-language': ['fr-FR', 'de-DE'] },
    text: 'fr-FR,de-DE',
    language: 'fr-FR',
  },
];

describe('languageHeader', () => {
  it.each(cases)('$name', ({ headers, text, language }) => {
    expect(languageHeader(headers)).toBe(text);
    expect(negotiateLanguage(languageHeader(headers))).toBe(language);
  });
});
