from sgs_replay.cli.app import main

main()
