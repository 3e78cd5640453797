/*
 * The part of i18next this app uses, in about 1 KB instead of 15 (decision 056). The bundler
 * resolves `i18next` here (vite.config.ts, vitest.config.ts: `i18nLiteAliases`); the types,
 * and with them the checking of every key passed to t(), still come from the i18next package.
 *
 * What it does, as i18next does it: nested resources per language and namespace (one:
 * `translation`), keys separated by dots, `{{name}}` interpolation without escaping (the app
 * sets `escapeValue: false`), plural forms (`key_one`, `key_few`… by Intl.PluralRules) when a
 * `count` is given, the fallback language, a missing key answered with the key itself,
 * `addResourceBundle` merging deep without overwriting, `languageChanged` and `added` events,
 * `resolvedLanguage`, and a synchronous initialisation from bundled resources.
 * What it does not: backends, language detection, nesting (`$t()`), formatters, context,
 * `returnObjects`. lite.test.ts holds it to i18next's answers for what the app does.
 */

type Tree = { [key: string]: string | Tree };
type Listener = (...args: unknown[]) => void;
type Options = Record<string, unknown>;

export interface InitOptions {
  resources?: Record<string, Record<string, Tree>>;
  lng?: string;
  fallbackLng?: string | readonly string[];
  supportedLngs?: readonly string[];
  [option: string]: unknown;
}

interface Module {
  type?: string;
  init?: (instance: I18n) => void;
}

export type TFunction = (key: string, options?: Options) => string;

const interpolation = /\{\{(.+?)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralSuffix(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function deepExtend(target: Tree, source: Tree, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = value;
    else if (typeof existing === 'string' || typeof value === 'string') {
      if (overwrite) target[key] = value;
    } else deepExtend(existing, value, overwrite);
  }
}

function lookup(tree: Tree | undefined, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function valueAt(data: Options, path: string): unknown {
  let node: unknown = data;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Options)[part];
  }
  return node;
}

export class I18n {
  language = '';
  resolvedLanguage: string | undefined = undefined;
  languages: string[] = [];
  isInitialized = false;
  options: InitOptions = {};
  private store: Record<string, Record<string, Tree>> = {};
  private listeners = new Map<string, Set<Listener>>();
  private modules: Module[] = [];

  /** `t` of the current language (a method that keeps its `this` when passed around). */
  readonly t: TFunction = (key, options) => this.translate(key, options);

  use(module: Module): this {
    this.modules.push(module);
    return this;
  }

  init(options: InitOptions = {}, callback?: (error: unknown, t: TFunction) => void) {
    this.options = options;
    this.store = options.resources ?? {};
    for (const module of this.modules) module.init?.(this);
    this.isInitialized = true;
    const done = this.changeLanguage(options.lng ?? this.fallbacks()[0]);
    this.emit('initialized', options);
    callback?.(null, this.t);
    return done;
  }

  createInstance(options?: InitOptions): I18n {
    const instance = new I18n();
    if (options) void instance.init(options);
    return instance;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  changeLanguage(language?: string): Promise<TFunction> {
    const supported = this.options.supportedLngs;
    const chosen =
      language && (!supported || supported.includes(language)) ? language : this.fallbacks()[0];
    if (chosen) {
      this.language = chosen;
      this.languages = [...new Set([chosen, ...this.fallbacks()])];
      this.resolvedLanguage = this.languages.find((code) => this.store[code] !== undefined);
      this.emit('languageChanged', chosen);
    }
    return Promise.resolve(this.t);
  }

  getFixedT(language: string | null): TFunction {
    return (key, options) =>
      this.translate(key, language === null ? options : { ...options, lng: language });
  }

  exists(key: string, options?: Options): boolean {
    return this.find(key, options) !== undefined;
  }

  getResource(language: string, namespace: string, key?: string): string | Tree | undefined {
    const bundle = this.store[language]?.[namespace];
    return key === undefined ? bundle : lookup(bundle, key);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.getResource(language, namespace) !== undefined;
  }

  addResourceBundle(
    language: string,
    namespace: string,
    resources: Tree,
    deep = false,
    overwrite = false,
  ): this {
    const namespaces = (this.store[language] ??= {});
    const bundle = namespaces[namespace];
    if (bundle && deep) deepExtend(bundle, resources, overwrite);
    else namespaces[namespace] = { ...bundle, ...resources };
    if (language === this.language) this.resolvedLanguage ??= language;
    this.emit('added', language, namespace, resources);
    return this;
  }

  private fallbacks(): string[] {
    const fallback = this.options.fallbackLng;
    return fallback === undefined ? [] : typeof fallback === 'string' ? [fallback] : [...fallback];
  }

  private find(key: string, options?: Options): string | undefined {
    const first = typeof options?.lng === 'string' ? options.lng : this.language;
    const count = options?.count;
    for (const language of new Set([first, ...this.fallbacks()])) {
      const bundle = this.store[language]?.translation;
      if (typeof count === 'number') {
        const plural = lookup(bundle, `${key}_${pluralSuffix(language, count)}`);
        if (typeof plural === 'string') return plural;
      }
      const value = lookup(bundle, key);
      if (typeof value === 'string') return value;
    }
    return undefined;
  }

  private translate(key: string, options?: Options): string {
    const value = this.find(key, options);
    if (value === undefined) return key;
    if (!options) return value;
    return value.replace(interpolation, (_, name: string) => {
      const data = valueAt(options, name.trim());
      if (data === undefined || data === null) return '';
      if (typeof data === 'string') return data;
      return typeof data === 'number' || typeof data === 'boolean'
        ? String(data)
        : JSON.stringify(data);
    });
  }
}

const i18next = new I18n();
export default i18next;
export const createInstance = (options?: InitOptions): I18n => i18next.createInstance(options);
