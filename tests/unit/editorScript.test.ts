import { JSDOM } from 'jsdom';
import { EDITOR_SCRIPT } from '../../src/http/web/ui/assets.js';
import { EDITOR_ENHANCERS } from '../../src/http/web/ui/editor/index.js';

// The editor script is each part's compiled source, run in turn: the file must parse, and each
// part must leave a page without its markup exactly as the server rendered it (no element, no
// attribute, no listener), since every editing page loads all of them.

const PAGE = `<!doctype html><html lang="en"><head><title>Plain</title></head><body><main>
<form method="post" action="/x"><label for="n">Name</label><input id="n" name="n" value="v"><textarea name="t">text</textarea>
<fieldset><legend>Group</legend><input type="file" name="f" aria-label="File"><button name="op" value="add">Add</button></fieldset>
<template><div data-row><input name="list.0.a"></div></template><button>Send</button></form></main></body></html>`;

describe('the editor script', () => {
  test('when the served file is read, then it parses as one script and names every part', () => {
    const source = EDITOR_SCRIPT.body.toString('utf8');
    expect(() => new Function(source)).not.toThrow();
    expect(EDITOR_ENHANCERS.map((f) => f.name)).toEqual(['warnUnsavedChanges', 'autosaveForms', 'typeaheadInputs', 'directUploads', 'editRows', 'checkLinkHosts']);
    for (const part of EDITOR_ENHANCERS) {
      expect(source).toContain(part.toString());
      // Self-contained: a part compiled on its own parses too.
      expect(() => new Function(`var __name=function(f){return f};(${part.toString()})`)).not.toThrow();
    }
  });

  test.each(EDITOR_ENHANCERS.map((f) => [f.name, f] as const))('when %s runs on a page without its markup, then it changes nothing and listens to nothing', (_name, part) => {
    const dom = new JSDOM(PAGE, { runScripts: 'outside-only', url: 'https://marquee.example/edit' });
    const { window } = dom;
    const before = window.document.documentElement.outerHTML;
    const listened: string[] = [];
    for (const target of [window, window.document, window.EventTarget.prototype]) {
      const original = target.addEventListener;
      target.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
        listened.push(type);
        return (original as (...args: unknown[]) => void).call(this, type, ...rest);
      } as typeof target.addEventListener;
    }
    window.eval(`"use strict";var __name=function(f){return f};(${part.toString()})();`);
    expect(window.document.documentElement.outerHTML).toBe(before);
    expect(listened).toEqual([]);
    window.close();
  });
});
