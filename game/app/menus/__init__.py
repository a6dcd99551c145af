"""The collection's menus: title, catalogue, lobby, settings, statistics, rules, credits."""
