from sgs_replay.cli import main

main()
